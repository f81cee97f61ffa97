import { describe, expect, it } from 'vitest';
import { contractMessageSamples, russianProblem } from '@portal/i18n/message-samples';
import { translateMessage } from './i18n.ts';

// The server's pages (the widget shops, the sandbox pay page) say a contract message in the page's language with the
// web's words for it: every message and template of the contract, its values kept
describe('translateMessage (server)', () => {
  it('says every contract message and template in Russian, with its values', () => {
    const samples = contractMessageSamples();
    const problems = samples
      .map((sample) => [sample.source, russianProblem(sample, translateMessage('ru', sample.message))])
      .filter(([, problem]) => problem !== null);
    expect(problems).toEqual([]);
    expect(samples.length).toBeGreaterThan(200);
  });

  it('keeps English as the contract writes it, and a text that is no contract message as it came', () => {
    for (const sample of contractMessageSamples()) expect(translateMessage('en', sample.message)).toBe(sample.message);
    expect(translateMessage('ru', 'Your card has insufficient funds.')).toBe('Your card has insufficient funds.');
  });

  it('a people limit and a status, in Russian words with their values', () => {
    expect(translateMessage('ru', 'Maximum number of people: 8')).toBe('Максимальное количество человек: 8');
    expect(translateMessage('ru', 'Agency is rejected and cannot be approved')).toBe(
      'Агентство в статусе «Отклонено» нельзя одобрить',
    );
  });
});
