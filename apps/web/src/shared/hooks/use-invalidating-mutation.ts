import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the server, with the cached queries it makes stale: once it succeeds, the
 * queries under `stale(variables)` load again (those on screen at once) and `onSuccess` runs
 * for what is not a query (the dictionary catalogue). The reload is started, not awaited, so a
 * form closes as soon as the server accepted the change.
 */
export function useInvalidatingMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: (variables: TVariables) => readonly QueryKey[],
  onSuccess?: () => unknown,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => {
      for (const queryKey of stale(variables)) void client.invalidateQueries({ queryKey });
      onSuccess?.();
    },
  });
}
