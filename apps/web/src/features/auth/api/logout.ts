import { isApiError } from '@/lib/api-error';
import { apiSend } from '@/lib/api-send';
import { logoutAddress } from './session-addresses';

/**
 * Ends the session on the server. A session the server no longer knows (401) is as good as
 * ended; any other failure is the caller's to show ('Logout Failed!').
 */
export async function logout(): Promise<void> {
  try {
    await apiSend(logoutAddress, {}, { selfHandled: true });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return;
    throw error;
  }
}
