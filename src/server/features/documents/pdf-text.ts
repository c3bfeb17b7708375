/**
 * Text a person typed, made drawable by the PDF's standard fonts (decision 064). Helvetica in a
 * PDF knows the WinAnsi characters only: anything else would be written as a wrong or broken code,
 * so each other character becomes its letter without accents where it has one (ő -> o), a space
 * where it is a space or a control, and '?' otherwise (an emoji, a CJK character).
 */

// The characters above Latin-1 that WinAnsi has (pdfkit's WIN_ANSI_MAP).
const winAnsiExtras = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽžˆ˜');

const isDrawable = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff && code !== 0xad) || winAnsiExtras.has(char);
};

// Zero-width and direction marks draw nothing: dropped rather than shown as '?'.
const invisible = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]/u;
const combiningMarks = /\p{M}/gu;
// Letters NFKD does not take apart into a base letter and a mark.
const plainLetters: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't' };

export function drawableText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isDrawable(char)) out += char;
    else if (invisible.test(char)) continue;
    else if (/\s|\p{Cc}/u.test(char)) out += ' ';
    else {
      const plain = plainLetters[char] ?? char.normalize('NFKD').replace(combiningMarks, '');
      out += plain.length > 0 && [...plain].every(isDrawable) ? plain : '?';
    }
  }
  return out;
}
