import { describe, expect, it } from 'vitest';
import { declarationHtmlSchema } from './onboarding.ts';

const issue = (html: string) => declarationHtmlSchema.safeParse(html).error?.issues[0]?.message;

describe('a declaration text', () => {
  it('may use the formatting tags, bare', () => {
    const html =
      '<h5>Declaration</h5><p>We <strong>declare</strong> that:<br/></p><ul><li>one</li><li><em>two</em> &amp; more</li></ul>';
    expect(declarationHtmlSchema.parse(html)).toBe(html);
  });

  it.each([
    '<p>Fine</p><script>alert(1)</script>',
    '<p onclick="alert(1)">We declare all of this</p>',
    '<img src=x onerror=alert(1)> We declare all of this',
    '<p>We declare all of this</p><!-- a comment -->',
    '<a href="javascript:alert(1)">We declare all of this</a>',
    '<p>We declare all of this <p',
    '<P STYLE="x">We declare all of this</P>',
  ])('is refused with anything else: %s', (html) => {
    expect(issue(html)).toBe('rule.declarationHtml');
  });
});
