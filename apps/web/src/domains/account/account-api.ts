import type { Me } from '@lastman/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/me.ts';

export const updateProfile = (patch: { name?: string; phoneNumber?: string | null }) =>
  http.patch<Me>('/api/me', patch);
export const changePassword = (input: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}) => http.post('/api/auth/change-password', input);
export const sendVerificationEmail = (email: string) =>
  http.post('/api/auth/send-verification-email', { email, callbackURL: '/account?verified=1' });
export const deleteAccount = (password: string) => http.delete('/api/me', { password });
export const uploadPhoto = async (file: Blob) =>
  (await http.request<Me>('PUT', '/api/me/photo', { body: file })).data;
export const removePhoto = () => http.delete<Me>('/api/me/photo');

export async function exportData(): Promise<Blob> {
  const data = await http.get<unknown>('/api/me/export');
  return new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
}

/** A mutation whose answer is the signed-in user's new `Me`, put straight into the cache. */
function useMeMutation<T>(mutationFn: (input: T) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export const useUpdateProfile = () => useMeMutation(updateProfile);
export const useUploadPhoto = () => useMeMutation(uploadPhoto);
export const useRemovePhoto = () => useMeMutation(removePhoto);
