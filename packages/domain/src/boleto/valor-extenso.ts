/**
 * Money in words, as duplicatas and receipts print it: 123456 → "mil, duzentos e trinta e quatro
 * reais e cinquenta e seis centavos". Integer centavos in, up to R$ 999.999.999.999,99.
 */
const UNIDADES = ['', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze', 'treze', 'quatorze', 'quinze', 'dezesseis', 'dezessete', 'dezoito', 'dezenove'];
const DEZENAS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const CENTENAS = ['', 'cento', 'duzentos', 'trezentos', 'quatrocentos', 'quinhentos', 'seiscentos', 'setecentos', 'oitocentos', 'novecentos'];
const ESCALAS: [string, string][] = [['', ''], ['mil', 'mil'], ['milhão', 'milhões'], ['bilhão', 'bilhões']];

function ate999(n: number): string {
  if (n === 100) return 'cem';
  const parts: string[] = [];
  const c = Math.floor(n / 100);
  const rest = n % 100;
  if (c) parts.push(CENTENAS[c]);
  if (rest < 20) {
    if (rest) parts.push(UNIDADES[rest]);
  } else {
    parts.push(DEZENAS[Math.floor(rest / 10)] + (rest % 10 ? ` e ${UNIDADES[rest % 10]}` : ''));
  }
  return parts.join(' e ');
}

function inteiroPorExtenso(n: number): string {
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 1000)) groups.push(v % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (!g) continue;
    const [one, many] = ESCALAS[i];
    const text = i === 1 && g === 1 ? 'mil' : `${ate999(g)}${one ? ` ${g === 1 ? one : many}` : ''}`;
    words.push(text);
  }
  // "e" before the last group when it is under 100 or a round hundred; a comma otherwise
  const last = groups[0];
  if (words.length > 1 && last && (last < 100 || last % 100 === 0)) {
    const tail = words.pop() as string;
    return `${words.join(', ')} e ${tail}`;
  }
  return words.join(', ');
}

export function valorPorExtenso(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > 99_999_999_999_999) throw new RangeError('Valor fora do intervalo');
  const reais = Math.floor(cents / 100);
  const centavos = cents % 100;
  const parts: string[] = [];
  if (reais) {
    // "um milhão de reais": round millions and above take "de"
    const de = reais >= 1_000_000 && reais % 1_000_000 === 0 ? ' de' : '';
    parts.push(`${inteiroPorExtenso(reais)}${de} ${reais === 1 ? 'real' : 'reais'}`);
  }
  if (centavos) parts.push(`${inteiroPorExtenso(centavos)} ${centavos === 1 ? 'centavo' : 'centavos'}`);
  return parts.length ? parts.join(' e ') : 'zero reais';
}
