import type { FastifyReply } from 'fastify';

/** RFC 6266 attachment header: an ASCII fallback and the exact name as RFC 5987 filename*. */
export const attachmentDisposition = (fileName: string): string => {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

/** A file to download: its type, the name the browser saves it under, and its bytes or stream. */
export interface Attachment {
  contentType: string;
  filename: string;
  body: unknown;
}

/** Answers a download that no cache keeps (invoices, keys, exports: each is the viewer's own). */
export const sendAttachment = (reply: FastifyReply, { contentType, filename, body }: Attachment) =>
  reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachmentDisposition(filename))
    .header('Cache-Control', 'no-store')
    .send(body);
