import type { Config } from '../../../config.ts';
import { type Email, escapeHtml } from '../../../lib/mailer.ts';

interface Recipient {
  email: string;
  name: string;
}

function linkEmail(
  to: Recipient,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): Email {
  const text = `Hello ${to.name},\n\n${intro}\n\n${action}: ${url}\n\n${outro}\n\nLastman`;
  const html = `<p>Hello ${escapeHtml(to.name)},</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#b71c1c;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(outro)}</p><p>Lastman</p>`;
  return { to: to.email, subject, text, html, secrets: [url] };
}

export function accountEmails(_config: Config) {
  return {
    verifyEmail: (to: Recipient, url: string) =>
      linkEmail(
        to,
        'Confirm your email address',
        'Thanks for joining. Please confirm that this is your email address.',
        'Confirm my email',
        url,
        'The link works for 24 hours. If you did not sign up, ignore this email.',
      ),
    resetPassword: (to: Recipient, url: string) =>
      linkEmail(
        to,
        'Reset your password',
        'Someone (hopefully you) asked to reset the password of your account.',
        'Choose a new password',
        url,
        'The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.',
      ),
  };
}
