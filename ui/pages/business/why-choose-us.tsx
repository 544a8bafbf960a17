// §2: fixed 'Why Choose Us' feature lists, the same on every business page.
const LISTS = [
  {
    title: 'Our Commitment',
    items: [
      'Professional, reliable service',
      'Experienced and friendly team',
      'Customer satisfaction comes first',
      'Clear and fair pricing',
    ],
  },
  {
    title: 'Customer Benefits',
    items: [
      'Easy to reach by phone',
      'Convenient local location',
      'Opening hours listed for every day',
      'Directions to the door in one tap',
    ],
  },
] as const;

export function WhyChooseUs() {
  return (
    <section className="bdetail__section" aria-labelledby="bdetail-why">
      <h2 id="bdetail-why">Why Choose Us</h2>
      <div className="bwhy">
        {LISTS.map((list) => (
          <div key={list.title} className="bwhy__list">
            <h3>{list.title}</h3>
            <ul>
              {list.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
