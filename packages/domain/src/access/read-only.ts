/**
 * DOMAIN.md "Tenancy": a franqueado reads its franchisees' guarantees and boletos but does not
 * change them. The server refuses such a change with this sentence (403, not 404: the record is in
 * the franqueado's sight), and the screens do not offer the action at all.
 */
export const SOMENTE_LEITURA_MSG =
  'As garantias e os boletos das lojas franqueadas são somente para consulta: esta ação é feita pela própria loja ou por um administrador.';
