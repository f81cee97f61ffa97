import type { AdminTour } from '@portal/contract';

// The tour's lists as an operator types them: one item a line; itinerary steps and FAQ entries as blocks of two lines
// (title or question, then description or answer) with a blank line between blocks
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
export const textOfLines = (lines: string[]) => lines.join('\n');

function blocksOf(text: string): [string, string][] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((l) => l.trim()))
    .map((lines) => lines.filter(Boolean))
    .filter((lines) => lines.length > 0)
    .map((lines) => [lines[0] ?? '', lines.slice(1).join(' ')]);
}

export const itineraryOf = (text: string) => blocksOf(text).map(([title, description]) => ({ title, description }));
export const textOfItinerary = (steps: AdminTour['itinerary']['en']) =>
  steps.map((s) => (s.description ? `${s.title}\n${s.description}` : s.title)).join('\n\n');
export const faqOf = (text: string) => blocksOf(text).map(([question, answer]) => ({ question, answer }));
export const textOfFaq = (items: AdminTour['faq']['en']) => items.map((f) => `${f.question}\n${f.answer}`).join('\n\n');

// 'Dubai Desert Safari' → 'dubai-desert-safari'
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}
