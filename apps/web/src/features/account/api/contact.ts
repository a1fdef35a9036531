import type { ContactInput } from '@mm/shared';
import { api } from '../../../lib/api-client';

export const sendContactMessage = (input: ContactInput) => api.post<null>('/users/email-contact', input);
