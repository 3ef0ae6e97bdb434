import { describe, expect, it } from 'vitest';
import { bbErrosBody, isBbNossoNumeroJaIncluido, parseBbErros } from './bb-erros.js';
import { bbSample } from './samples.test-helper.js';

describe('parseBbErros', () => {
  it('reads the Cobranças v2 shape and recognises "nosso número já incluído"', () => {
    const erros = parseBbErros(400, bbSample('erro-nosso-numero-ja-incluido'));
    expect(erros).toEqual([{ codigo: '4874915', mensagem: 'Nosso Número já incluído anteriormente.', ocorrencia: 'CHDS00065126202611271530201234567' }]);
    expect(isBbNossoNumeroJaIncluido(erros)).toBe(true);
  });

  it('reads the older erros shape, the gateway errors and the OAuth 401', () => {
    expect(parseBbErros(404, bbSample('erro-v2'))).toEqual([{ codigo: '5000', mensagem: 'Convênio não encontrado.' }]);
    expect(parseBbErros(401, bbSample('erro-gateway'))).toEqual([{ codigo: '4.01.00', mensagem: 'gw-dev-app-key inválida ou ausente.' }]);
    expect(parseBbErros(401, bbSample('erro-oauth'))).toEqual([{ codigo: 'Unauthorized', mensagem: 'Bad Credentials' }]);
    expect(parseBbErros(400, { error: 'invalid_client', error_description: 'Client authentication failed' })).toEqual([{ codigo: 'invalid_client', mensagem: 'Client authentication failed' }]);
  });

  it('never throws: an unknown shape gives one generic entry', () => {
    for (const body of [null, 'Service Unavailable', [], { erros: [] }, { erros: [1, null] }, { foo: 1 }, undefined]) {
      const erros = parseBbErros(503, body);
      expect(erros).toHaveLength(1);
      expect(erros[0]?.codigo).toBe('HTTP 503');
      expect(erros[0]?.mensagem).toMatch(/HTTP 503/);
    }
  });

  it('tells other errors from the duplicate, and the sandbox body round-trips', () => {
    expect(isBbNossoNumeroJaIncluido([{ codigo: '5000', mensagem: 'Convênio não encontrado.' }])).toBe(false);
    expect(isBbNossoNumeroJaIncluido([{ codigo: '1', mensagem: 'NOSSO NUMERO JA INCLUIDO' }])).toBe(true);
    const body = bbErrosBody([{ codigo: '4874915', mensagem: 'Nosso Número já incluído anteriormente.' }]);
    expect(isBbNossoNumeroJaIncluido(parseBbErros(400, JSON.parse(JSON.stringify(body))))).toBe(true);
  });
});
