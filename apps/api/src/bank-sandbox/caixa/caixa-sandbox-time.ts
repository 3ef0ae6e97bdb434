const SAO_PAULO = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment as São Paulo wall time in Caixa's data_hora_pagamento pattern 'yyyy-MM-dd-HH.mm.ss'. */
export function caixaDataHora(moment: Date): string {
  const part = Object.fromEntries(SAO_PAULO.formatToParts(moment).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}-${part.hour}.${part.minute}.${part.second}`;
}
