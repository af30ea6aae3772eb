import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Reads PDFs back with poppler's pdftotext (columns kept on their lines) and pdfinfo, from files in
 * a scratch folder that `cleanUp` removes.
 */
export const pdfReader = () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'esd-pdf-test-'));
  let seq = 0;
  const run = (tool: string, args: string[], pdf: Buffer) => {
    const file = path.join(scratch, `document-${++seq}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
    });
  };
  return {
    pdfText: (pdf: Buffer) => run('pdftotext', ['-layout', '-enc', 'UTF-8'], pdf),
    /** pdfinfo's fields (`CreationDate`, `Title`, …), dates in ISO 8601 */
    pdfInfo: (pdf: Buffer) =>
      Object.fromEntries(
        run('pdfinfo', ['-isodates'], pdf)
          .split('\n')
          .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
          .filter((match) => match !== null)
          .map((match) => [match[1]!, match[2]!]),
      ),
    cleanUp: () => rmSync(scratch, { recursive: true, force: true }),
  };
};
