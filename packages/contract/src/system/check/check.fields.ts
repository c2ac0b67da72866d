/** True when `text` is a check rule: a JSON array of `{ digits, pattern, message }` with valid patterns. */
export function isValidRuleJson(text: string): boolean {
  try {
    const parts = JSON.parse(text) as unknown;
    if (!Array.isArray(parts) || parts.length === 0) return false;
    return parts.every((p) => {
      if (!p || typeof p !== 'object') return false;
      const { digits, pattern, message } = p as Record<string, unknown>;
      if (!(digits === '*' || (Number.isInteger(Number(digits)) && Number(digits) > 0))) return false;
      if (typeof pattern !== 'string' || typeof message !== 'string') return false;
      new RegExp(pattern);
      return true;
    });
  } catch {
    return false;
  }
}
