import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api.ts';
import type { Me } from '../../lib/me.ts';
import { meQueryKey } from '../../lib/me.ts';

export const updateProfile = (patch: { name?: string; phoneNumber?: string | null }) =>
  http.patch<Me>('/api/me', patch);
export const changePassword = (input: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}) => http.post('/api/auth/change-password', input);
export const sendVerificationEmail = (email: string) =>
  http.post('/api/auth/send-verification-email', { email, callbackURL: '/account' });
export const deleteAccount = (password: string) => http.delete('/api/me', { password });

export async function exportData(): Promise<Blob> {
  const data = await http.get<unknown>('/api/me/export');
  return new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
