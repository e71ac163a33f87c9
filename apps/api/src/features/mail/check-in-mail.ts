import QRCode from 'qrcode';
import type { MailAttachment } from '@post/db';
import { checkInUrl } from '../attendance/check-in-code.ts';
import type { CheckInLine } from './templates.ts';

/** A confirmed place: its id, and the shift's role when the message lists several. */
interface Place {
  id: number;
  status: string;
  shift?: { role: string } | null;
}

/**
 * The check-in code of each confirmed place of a message (issue 44, decision 0066): the lines the
 * message shows and the pictures it carries as inline attachments (no remote picture, decision 0019).
 * A place on the waitlist has none yet.
 */
export async function checkInCodes(baseUrl: string, secret: string, places: Place[]): Promise<{ lines: CheckInLine[]; attachments: MailAttachment[] }> {
  const confirmed = places.filter((p) => p.status === 'confirmed');
  const lines = confirmed.map((p) => ({
    label: confirmed.length > 1 ? (p.shift?.role ?? null) : null,
    url: checkInUrl(baseUrl, secret, p.id),
    cid: `check-in-${p.id}@post`,
  }));
  const attachments = await Promise.all(
    lines.map(async (l, i) => ({
      filename: `check-in-code-${confirmed[i]!.id}.png`,
      contentType: 'image/png',
      encoding: 'base64' as const,
      cid: l.cid,
      content: (await QRCode.toBuffer(l.url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 })).toString('base64'),
    })),
  );
  return { lines, attachments };
}
