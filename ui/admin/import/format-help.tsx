// The spreadsheet's columns (§3) with what each means and an example value, and a sample file.
import { messages } from '../messages/catalog.ts';

const t = messages.formatHelp;
export const SAMPLE_FILE_PATH = '/samples/businesses-sample.xlsx';

export function FormatHelp() {
  return (
    <section className="admin-card" aria-labelledby="admin-format-help">
      <h2 id="admin-format-help">{t.heading}</h2>
      <p className="admin-muted">{t.intro}</p>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-compact">
          <caption className="admin-visually-hidden">{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnName}</th>
              <th scope="col">{t.required}</th>
              <th scope="col">{t.meaning}</th>
              <th scope="col">{t.example}</th>
            </tr>
          </thead>
          <tbody>
            {t.columns.map(([column, required, meaning, example]) => (
              <tr key={column}>
                <th scope="row">
                  <code>{column}</code>
                </th>
                <td>{required ? t.yes : t.no}</td>
                <td>{meaning}</td>
                <td>
                  <code className="admin-example">{example}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <a href={SAMPLE_FILE_PATH} download>
          {t.sample}
        </a>{' '}
        <span className="admin-muted admin-small">{t.sampleSize}</span>
      </p>
    </section>
  );
}
