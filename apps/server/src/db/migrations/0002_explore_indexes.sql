CREATE INDEX "checklists_site_idx" ON "checklists" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sites_lat_lng_idx" ON "sites" USING btree ("latitude","longitude");