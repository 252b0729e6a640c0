import type { PhoneCodeSent, PhoneVerified } from '@lastman/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';
import { finishSignIn } from '../../../../lib/auth.ts';
import { meQueryKey } from '../../../../lib/me.ts';

export const sendSignInCode = (phoneNumber: string) =>
  http.post<PhoneCodeSent>('/api/auth/sign-in/phone/send-code', { phoneNumber });

export async function signInWithCode(input: { phoneNumber: string; code: string }) {
  await http.post('/api/auth/sign-in/phone', input);
  return finishSignIn();
}

export const sendVerifyCode = (phoneNumber: string) =>
  http.post<PhoneCodeSent>('/api/me/phone/code', { phoneNumber });

export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phoneNumber: string; code: string }) =>
      http.post<PhoneVerified>('/api/me/phone/verify', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
