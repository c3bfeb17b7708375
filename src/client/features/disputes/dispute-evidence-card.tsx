import { FileText } from 'lucide-react';
import type { Dispute, DisputeEvidence } from '#shared/contracts/disputes.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { LocalTime } from '#client/components/local-time.js';
import { EvidenceForm } from './evidence-form.js';
import { formatFileSize, isImageFile, partyControls, sideLabels } from './dispute-rules.js';

/** Each side's statements and files, oldest first, and the form to add one while the dispute is open. */
export function DisputeEvidenceCard({ dispute }: { dispute: Dispute }) {
  const names = { owner: dispute.owner.username, finisher: dispute.finisher.username };
  return (
    <Card role="region" aria-labelledby="dispute-evidence-title" className="gap-4">
      <CardHeader>
        <CardTitle id="dispute-evidence-title">Evidence</CardTitle>
        <CardDescription>Statements and files from both sides. Only the two of you and Finishline’s operators see them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {dispute.evidence.length === 0 ? (
          <p className="text-sm text-muted-foreground">No evidence yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Evidence">
            {dispute.evidence.map((item) => (
              <EvidenceItem key={item.id} item={item} name={names[item.side]} />
            ))}
          </ol>
        )}
        {partyControls(dispute).canAddEvidence ? <EvidenceForm disputeId={dispute.id} /> : null}
      </CardContent>
    </Card>
  );
}

function EvidenceItem({ item, name }: { item: DisputeEvidence; name: string }) {
  const title = `${name} (${sideLabels[item.side].toLowerCase()})`;
  return (
    <li aria-label={`Evidence from ${title}`} className="grid min-w-0 gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium break-words">{title}</span>
        <LocalTime value={item.createdAt} className="text-xs text-muted-foreground" />
      </div>
      <p className="break-words whitespace-pre-line">{item.statement}</p>
      {item.file ? <EvidenceFile file={item.file} /> : null}
    </li>
  );
}

function EvidenceFile({ file }: { file: NonNullable<DisputeEvidence['file']> }) {
  const label = `${file.name} (${formatFileSize(file.size)})`;
  if (isImageFile(file.type)) {
    return (
      <a href={file.url} target="_blank" rel="noopener noreferrer" className="w-fit rounded-md ring-offset-2 focus-visible:ring-2 focus-visible:ring-ring">
        <img src={file.url} alt={`Attached image: ${label}`} className="h-24 w-auto max-w-full rounded-md border object-cover" loading="lazy" />
      </a>
    );
  }
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex w-fit max-w-full items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline"
    >
      <FileText aria-hidden="true" className="size-4 shrink-0" /> {label}
    </a>
  );
}
