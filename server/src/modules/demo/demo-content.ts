/** The sample projects a new demo account starts with: small animated SVGs. */
export interface DemoProject {
  title: string;
  width: number;
  height: number;
  durationMs: number;
  svg: string;
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">${body}</svg>`;

export const DEMO_PROJECTS: DemoProject[] = [
  {
    title: 'Bouncing ball',
    width: 320,
    height: 180,
    durationMs: 1200,
    svg: svg(
      '<rect width="320" height="180" fill="#f4f1ff"/><circle cx="160" cy="40" r="22" fill="#6d4aff"><animate attributeName="cy" values="40;140;40" dur="1.2s" repeatCount="indefinite"/></circle>',
    ),
  },
  {
    title: 'Spinning logo',
    width: 320,
    height: 180,
    durationMs: 2000,
    svg: svg(
      '<rect width="320" height="180" fill="#101828"/><g transform="translate(160 90)"><rect x="-30" y="-30" width="60" height="60" rx="12" fill="#ff7a59"><animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="2s" repeatCount="indefinite"/></rect></g>',
    ),
  },
  {
    title: 'Loading dots',
    width: 320,
    height: 180,
    durationMs: 900,
    svg: svg(
      '<rect width="320" height="180" fill="#ecfdf3"/>' +
        [120, 160, 200]
          .map(
            (x, i) =>
              `<circle cx="${x}" cy="90" r="10" fill="#12b76a"><animate attributeName="opacity" values="0.2;1;0.2" dur="0.9s" begin="${i * 0.3}s" repeatCount="indefinite"/></circle>`,
          )
          .join(''),
    ),
  },
];

export const DEMO_EMAIL = 'demo@animata.local';
export const DEMO_NAME = 'Demo Customer';
