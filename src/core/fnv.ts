/** FNV-1a over a string's UTF-16 code units: a cheap, stable 32-bit fingerprint (not for security). */
export function fnv1a(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}
