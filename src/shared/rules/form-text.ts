// Issue 18: text a visitor writes (contact form, search record) is stored, mailed and may be shown to operators. These
// rules keep it to what it claims to be: a single line holds no line break or control character (a CR/LF in the
// contact form's subject would start a new mail header), and free text keeps only tabs and line breaks among the
// controls. Bidirectional overrides are dropped too: they make a stored line read differently from what it holds.

// eslint-disable-next-line no-control-regex -- C0 controls, DEL and C1 controls are what this rule removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const BREAKS = /\r\n?|[\n\u2028\u2029]/g;

/** One line: every line break becomes a space, controls are dropped, the ends trimmed. */
export function singleLine(value: string): string {
  return value.replace(BREAKS, ' ').replace(/\t/g, ' ').replace(CONTROLS, '').trim();
}

/** Free text: line breaks become \n, controls other than tab and \n are dropped; the text is otherwise kept as written. */
export function plainText(value: string): string {
  return value.replace(BREAKS, '\n').replace(CONTROLS, '');
}
