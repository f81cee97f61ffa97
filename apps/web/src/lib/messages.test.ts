import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_PARTS } from '@portal/i18n';
import { MESSAGE_GROUPS } from '@portal/i18n/messages';
import { contractMessageGroups, contractMessageSamples, russianProblem } from '@portal/i18n/message-samples';
import { i18n, loadLocaleParts, translateMessage } from './i18n';

// Every message the contract writes, as the agent or operator sees it on a Russian page: its Russian words (a
// template with the values the server wrote into it), never the English or a raw key
describe('translateMessage (web) in Russian', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ru');
    await loadLocaleParts(WEB_PARTS);
  });

  it('knows every message group the contract exports', () => {
    const known = new Set<object>(MESSAGE_GROUPS.map((group) => group.messages));
    const groups = contractMessageGroups();
    expect(groups.length).toBeGreaterThan(15);
    expect(groups.filter(([, messages]) => !known.has(messages)).map(([name]) => name)).toEqual([]);
  });

  it('says every contract message and template in Russian, with its values', () => {
    const samples = contractMessageSamples();
    const problems = samples
      .map((sample) => [sample.source, russianProblem(sample, translateMessage(sample.message))])
      .filter(([, problem]) => problem !== null);
    expect(problems).toEqual([]);
    expect(samples.length).toBeGreaterThan(200);
  });

  it('names the status of an agency that cannot be approved in Russian', () => {
    expect(translateMessage('Agency is suspended and cannot be approved')).toBe(
      'Агентство в статусе «Приостановлено» нельзя одобрить',
    );
  });

  it('leaves a text that is no contract message as it came (a provider’s own words)', () => {
    expect(translateMessage('Insufficient funds on the card (issuer code 51)')).toBe(
      'Insufficient funds on the card (issuer code 51)',
    );
  });
});
