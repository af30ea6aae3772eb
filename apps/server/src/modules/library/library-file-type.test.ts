import { describe, expect, it } from 'vitest';
import { tinyPdf } from '../../../test/library-files';
import { displayFileName, sniffLibraryFile } from './library-file-type';

describe('[library] file names and types', () => {
  it('keeps only the last part of a name, without control characters or quotes, ending in its type', () => {
    expect(displayFileName('..\\..\\windows\\win.ini', 'txt')).toBe('win.ini.txt');
    expect(displayFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(displayFileName('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(displayFileName('a"b\r\nc.pdf', 'pdf')).toBe('abc.pdf');
    expect(displayFileName('..', 'pdf')).toBe('document.pdf');
    expect(displayFileName('', 'csv')).toBe('document.csv');
  });

  it('tells the type from the bytes only', () => {
    expect(sniffLibraryFile(tinyPdf(), 'x.csv')?.kind).toBe('pdf');
    expect(sniffLibraryFile(Buffer.from('a,b\n'), 'x.pdf')?.kind).toBe('txt');
    expect(sniffLibraryFile(Buffer.from('a,b\n'), 'x.CSV')?.kind).toBe('csv');
    expect(sniffLibraryFile(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0]), 'x.pdf')).toBeUndefined();
  });
});
