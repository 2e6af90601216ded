/**
 * Text as HTML (or XML) character data or an attribute's value: what people typed, put into
 * markup the server writes (a notification's description, a page's title, a report's cells).
 */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
