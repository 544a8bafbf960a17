// Import tab: file import with live progress and reports, the format help, SEO generation, export,
// and the danger zone.
import { DangerZone } from './danger-zone.tsx';
import { ExportSection } from './export-section.tsx';
import { FormatHelp } from './format-help.tsx';
import { ImportSection } from './import-section.tsx';
import { SeoSection } from './seo-section.tsx';

export function ImportTab() {
  return (
    <div className="admin-stack">
      <ImportSection />
      <FormatHelp />
      <SeoSection />
      <ExportSection />
      <DangerZone />
    </div>
  );
}
