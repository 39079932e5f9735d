import { contactEmailSchema } from '@meridian/contracts';
import { z } from 'zod';

/** The 'Create a new contact' dialog: spec section 5, 'Valid email is required'. */
export const createContactFormSchema = z.object({ email: contactEmailSchema });
export type CreateContactForm = z.input<typeof createContactFormSchema>;

/** The delete confirmation asks for the contact's email, compared without case. */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase() && typed.trim() !== '';
}
