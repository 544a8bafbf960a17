// The imported attributes ("Service options: Dine-in, Takeout…"): only the facts marked true, by group.
import type { Business } from '../../../server/contract/business.ts';

export function BusinessFeatures({ attributes }: { attributes: Business['attributes'] }) {
  const groups = Object.entries(attributes ?? {})
    .map(
      ([group, facts]) => [group, Object.keys(facts ?? {}).filter((fact) => facts[fact] === true)] as const,
    )
    .filter(([, facts]) => facts.length > 0);
  if (groups.length === 0) return null;
  return (
    <section className="bdetail__section" aria-labelledby="bdetail-features">
      <h2 id="bdetail-features">Features</h2>
      <div className="bfeatures">
        {groups.map(([group, facts]) => (
          <div key={group} className="bfeatures__group">
            <h3>{group}</h3>
            <ul>
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
