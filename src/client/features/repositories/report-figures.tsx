import type { ReactNode } from 'react';
import type { RepositoryReport } from '#shared/contracts/repositories.js';
import { LocalTime } from '#client/components/local-time.js';
import { reportCounts, topLanguages } from '#client/lib/repository-rules.js';
import { formatCount } from '#shared/domain/counts.js';

// One colour per bar segment; the list beside it names each language, so colour is never the only cue.
const segmentColors = ['bg-sky-600', 'bg-amber-500', 'bg-emerald-600', 'bg-violet-500', 'bg-rose-500', 'bg-slate-400'];

const yesNo = (value: boolean, yes: string, no: string) => (value ? yes : no);

/** The figures of a ready or partial report: languages, size, tests, CI, manifests and history. */
export function ReportFigures({ report }: { report: RepositoryReport }) {
  const languages = topLanguages(report.languages, segmentColors.length);
  return (
    <>
      {languages.length > 0 ? (
        <section aria-labelledby="report-languages-heading" className="grid gap-2">
          <h4 id="report-languages-heading" className="font-semibold">
            Languages
          </h4>
          <div className="flex h-2.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
            {languages.map((language, index) => (
              <div key={language.name} className={segmentColors[index]} style={{ width: `${language.share}%` }} />
            ))}
          </div>
          <ul className="grid gap-1 sm:grid-cols-2" aria-label="Languages by share of lines">
            {languages.map((language, index) => (
              <li key={language.name} className="flex min-w-0 items-center gap-2">
                <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${segmentColors[index]}`} />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="font-medium">{language.name}</span> {language.share}% · {reportCounts.lines(language.lines)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure term="Lines of code">{formatCount(report.linesOfCode)}</Figure>
        <Figure term="Files">{formatCount(report.files)}</Figure>
        <Figure term="Tests">
          {reportCounts.testFiles(report.testFiles)}
          {report.testFrameworks.length > 0 ? ` (${report.testFrameworks.join(', ')})` : ''}
        </Figure>
        <Figure term="Continuous integration">{report.ci.length > 0 ? report.ci.join(', ') : 'None found'}</Figure>
        <Figure term="README and licence">
          {yesNo(report.readme, 'README', 'No README')} · {yesNo(report.license, 'licence', 'no licence')}
        </Figure>
        <Figure term="TODO and FIXME per 1,000 lines">{formatCount(report.todoPerKloc)}</Figure>
        <Figure term="Last commit">{report.lastCommitAt ? <LocalTime value={report.lastCommitAt} /> : 'Unknown'}</Figure>
        <Figure term="History">
          {reportCounts.commits(report.commits)} · {reportCounts.contributors(report.contributors)}
        </Figure>
      </dl>
      {report.manifests.length > 0 ? (
        <section aria-labelledby="report-manifests-heading" className="grid gap-2">
          <h4 id="report-manifests-heading" className="font-semibold">
            Dependency manifests
          </h4>
          <ul className="grid gap-1">
            {report.manifests.map((manifest) => (
              <li key={manifest.path} className="min-w-0 [overflow-wrap:anywhere]">
                <code className="font-mono">{manifest.path}</code> · {reportCounts.dependencies(manifest.dependencies)} ·{' '}
                {manifest.lockfile ? 'lockfile' : 'no lockfile'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
