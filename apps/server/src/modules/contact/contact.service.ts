import type { ContactInput, Locale } from '@mm/shared';
import type { Db } from '../../db/client';
import { translator } from '../../lib/i18n';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { contactRepository } from './contact.repository';

/** Contact Us (spec §2 `/content/contact-us`): messages are stored, then emailed to the museum team. */
export function createContactService(
  db: Db,
  mailer: Mailer,
  contactTo: string,
  log: (msg: string, err?: unknown) => void,
) {
  return {
    /**
     * Stores a contact message and emails it to `contactTo` (CONTACT_TO, else MAIL_FROM; the outbox without SMTP).
     * A failed email is logged, not answered: the stored row is the record of truth.
     */
    async send(input: ContactInput, lng: Locale, userId: number | null): Promise<void> {
      await contactRepository.insert(db, {
        ...input,
        email: input.email.toLowerCase(),
        language: lng,
        user_id: userId,
      });
      const t = translator('en');
      const intro = t('account:mail.contact_intro', { name: input.name, email: input.email, lng });
      await mailer
        .send({
          to: contactTo,
          replyTo: input.email,
          subject: t('account:mail.contact_subject', { subject: input.subject }),
          text: `${intro}\n\n${input.message}\n`,
          html: `<p>${escapeHtml(intro)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
        })
        .catch((err: unknown) => log('contact email could not be sent', err));
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
