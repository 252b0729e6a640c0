import type { Passkey, PasskeyList, PasskeyRegistrationOptions } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

export const passkeysKey = ['me', 'passkeys'] as const;
export const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: () => http.get<PasskeyList>('/api/me/passkeys'),
});
export const usePasskeys = () => useQuery(passkeysQuery);

/** Makes a passkey on this device (its own prompt) and registers it; the helper loads only now. */
async function addPasskey(): Promise<Passkey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { challengeId, options } = await http.post<PasskeyRegistrationOptions>('/api/me/passkey-options', {});
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return http.post<Passkey>('/api/me/passkeys', { challengeId, response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/me/passkeys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
