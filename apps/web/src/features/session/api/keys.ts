/** Query keys of the session module's cached queries (signed-in pages only: the sign-in pages use none). */
export const sessionKeys = {
  loginUser: (username: string | undefined) => ['session', 'login-user', username] as const,
};
