// A display phone number ("+1 (555) 123-4567") as a tel: URI ("tel:+15551234567"): digits and one
// leading plus only, so that every dialler reads it the same way.
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D+/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
