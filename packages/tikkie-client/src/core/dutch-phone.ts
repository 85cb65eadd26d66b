/**
 * Dutch phone numbers (payment requests v1): the shape, not the allocation. A Dutch number is 0 and nine
 * digits, the first of them not 0 (mobile: 06 and eight digits), or the same nine digits after +31 or
 * 0031; spaces, dashes, dots and brackets between digits are allowed.
 *
 * Choice: the shape only. The document asks for "a Dutch phone number" and nothing more; which blocks
 * are handed out changes over the years (a number-range table would make the sandbox refuse what it
 * accepted last year), and public Tikkie clients use samples such as 0601234567, a well-formed mobile
 * number from a block not handed out. "12345", a German or a Belgian number are still refused.
 */
const DUTCH = /^(?:\+31|0031|0)([1-9]\d{8})$/

export function isDutchPhoneNumber(input: string): boolean {
  return DUTCH.test(input.replace(/[\s\-.()]/g, ""))
}
