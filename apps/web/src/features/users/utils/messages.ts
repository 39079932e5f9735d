/** Spec section 8: the Users page's toasts and confirmation, word for word. */
export const USER_MESSAGES = {
  inviteResent: 'Invite resent successfully',
  userUpdated: 'User updated successfully',
  inviteDeleted: 'Invite deleted successfully',
  inviteDeletionFailed: 'Invite deletion failed',
  deleteInviteConfirm: 'Are you sure about deleting this invite? Once deleted cannot be undone',
  noUsers: 'No user found',
  adminsOnly: 'Only admins can manage users',
} as const;

/** Spec section 2: 'Users (n)' and 'n user(s)'. */
export const usersHeading = (count: number) => `Users (${count})`;
export const usersCount = (count: number) => `${count} user(s)`;
