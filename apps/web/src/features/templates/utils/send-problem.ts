import { templateMessages } from '@meridian/contracts';
import { hasVisibleContent } from './email-html';

/** Why a test email cannot go out as the editor holds it (spec 5 "Test email"), or null. */
export function sendProblem(subject: string, content: string): string | null {
  if (!subject.trim()) return templateMessages.subjectEmpty;
  if (!content.trim() || !hasVisibleContent(content)) return templateMessages.contentEmpty;
  return null;
}
