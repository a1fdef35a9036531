DROP INDEX "checklists_user_idx";--> statement-breakpoint
CREATE INDEX "checklists_user_date_idx" ON "checklists" USING btree ("user_id","checklist_date","checklist_id");