import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './attachment';

describe('[lib] attachment', () => {
  it('writes an RFC 6266 header with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Sertifikat (ə).pdf')).toBe(
      `attachment; filename="Sertifikat (_).pdf"; filename*=UTF-8''Sertifikat%20%28%C9%99%29.pdf`,
    );
    expect(attachmentDisposition('a;b"c\\.txt')).toBe(
      `attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%3Bb%22c%5C.txt`,
    );
    expect(attachmentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''`);
  });
});
