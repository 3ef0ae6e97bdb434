import { completeCnpj, completeCpf, isValidCpfCnpj } from '@bg/domain';
import type { Rng } from './prng.js';

/** Brazilian first names, surnames, trades and cities for realistic rows (frequencies roughly real). */
export const FIRST_NAMES_F = [
  'Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia', 'Aline',
  'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia', 'Luciana', 'Vanessa', 'Mariana',
  'Gabriela', 'Vera', 'Vitória', 'Larissa', 'Cláudia', 'Beatriz', 'Rita', 'Luana', 'Sônia', 'Renata',
  'Eliane', 'Josefa', 'Simone', 'Natália', 'Cristiane', 'Carla', 'Débora', 'Rosângela', 'Jaqueline', 'Rosa',
  'Daniela', 'Aparecida', 'Marlene', 'Terezinha', 'Raimunda', 'Andreia', 'Fabiana', 'Lúcia', 'Raquel', 'Ângela',
];
export const FIRST_NAMES_M = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luis', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo',
  'Manoel', 'Mateus', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Gustavo', 'Guilherme', 'Leandro', 'Tiago',
  'Anderson', 'Ricardo', 'Márcio', 'Jorge', 'Sebastião', 'Alexandre', 'Roberto', 'Edson', 'Diego', 'Vitor',
  'Sérgio', 'Cláudio', 'Matheus', 'Thiago', 'Geraldo', 'Adriano', 'Luciano', 'Júlio', 'Renato', 'Alex',
];
export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Moraes', 'Cavalcanti', 'Monteiro',
  'Correia', 'Batista', 'Campos', 'Moura', 'Rezende', 'Prado', 'Nogueira', 'Castro', 'Borges', 'Pires',
  'Azevedo', 'Brito', 'Tavares', 'Farias', 'Coelho', 'Cunha', 'Duarte', 'Miranda', 'Xavier', 'Sales',
];
/** Surname weights: the common ones are much more common (Silva ≈ 10% of people). */
export const SURNAME_WEIGHTS = SURNAMES.map((_, i) => 1 / Math.pow(i + 1, 0.9));

export const TRADES = [
  'Móveis', 'Eletro', 'Moda', 'Calçados', 'Ótica', 'Materiais de Construção', 'Informática', 'Celulares',
  'Colchões', 'Joias', 'Papelaria', 'Pet Shop', 'Auto Peças', 'Bicicletas', 'Cosméticos', 'Esportes',
  'Utilidades', 'Decorações', 'Eletrodomésticos', 'Tecidos', 'Farmácia', 'Perfumaria', 'Motos', 'Pneus',
];
export const PLACE_WORDS = [
  'Central', 'Bela Vista', 'Nova Era', 'Primavera', 'Estrela', 'do Povo', 'Popular', 'Real', 'Brasil',
  'Boa Esperança', 'São Jorge', 'Santa Luzia', 'Ideal', 'Avenida', 'Mais', 'Top', 'Vitória', 'Progresso',
];
export const OCCUPATIONS = [
  'Vendedor', 'Professor', 'Enfermeira', 'Motorista', 'Autônomo', 'Comerciante', 'Auxiliar administrativo',
  'Pedreiro', 'Cabeleireira', 'Analista', 'Técnico', 'Aposentado', 'Estudante', 'Cozinheiro', 'Eletricista',
  'Contador', 'Recepcionista', 'Servidor público', 'Costureira', 'Mecânico', 'Engenheiro', 'Advogado',
];
export const STREETS = [
  'Rua das Flores', 'Rua São João', 'Avenida Brasil', 'Rua XV de Novembro', 'Rua Sete de Setembro',
  'Avenida Getúlio Vargas', 'Rua Tiradentes', 'Rua Santos Dumont', 'Rua Duque de Caxias', 'Rua Rui Barbosa',
  'Avenida Presidente Vargas', 'Rua Marechal Deodoro', 'Rua Dom Pedro II', 'Rua da Paz', 'Rua Bahia',
  'Rua Minas Gerais', 'Rua Paraná', 'Rua Amazonas', 'Avenida Independência', 'Rua Castro Alves',
  'Rua Carlos Gomes', 'Rua José Bonifácio', 'Rua Floriano Peixoto', 'Avenida das Nações', 'Rua do Comércio',
];
export const BAIRROS = [
  'Centro', 'Jardim América', 'Vila Nova', 'Santa Cruz', 'São José', 'Boa Vista', 'Jardim Paulista',
  'Vila Maria', 'Cidade Nova', 'Industrial', 'Planalto', 'Liberdade', 'Santo Antônio', 'Jardim Europa',
];
/** City, UF, area code, CEP prefix (5 digits) and a weight close to its population. */
export const CITIES: readonly { cidade: string; uf: string; ddd: string; cep: string; weight: number }[] = [
  { cidade: 'São Paulo', uf: 'SP', ddd: '11', cep: '01310', weight: 12 },
  { cidade: 'Rio de Janeiro', uf: 'RJ', ddd: '21', cep: '20040', weight: 6.7 },
  { cidade: 'Brasília', uf: 'DF', ddd: '61', cep: '70040', weight: 3 },
  { cidade: 'Salvador', uf: 'BA', ddd: '71', cep: '40010', weight: 2.9 },
  { cidade: 'Fortaleza', uf: 'CE', ddd: '85', cep: '60010', weight: 2.7 },
  { cidade: 'Belo Horizonte', uf: 'MG', ddd: '31', cep: '30130', weight: 2.5 },
  { cidade: 'Manaus', uf: 'AM', ddd: '92', cep: '69005', weight: 2.2 },
  { cidade: 'Curitiba', uf: 'PR', ddd: '41', cep: '80010', weight: 1.9 },
  { cidade: 'Recife', uf: 'PE', ddd: '81', cep: '50010', weight: 1.6 },
  { cidade: 'Goiânia', uf: 'GO', ddd: '62', cep: '74003', weight: 1.5 },
  { cidade: 'Porto Alegre', uf: 'RS', ddd: '51', cep: '90010', weight: 1.4 },
  { cidade: 'Belém', uf: 'PA', ddd: '91', cep: '66010', weight: 1.4 },
  { cidade: 'Guarulhos', uf: 'SP', ddd: '11', cep: '07010', weight: 1.3 },
  { cidade: 'Campinas', uf: 'SP', ddd: '19', cep: '13010', weight: 1.2 },
  { cidade: 'São Luís', uf: 'MA', ddd: '98', cep: '65010', weight: 1.1 },
  { cidade: 'Maceió', uf: 'AL', ddd: '82', cep: '57020', weight: 1 },
  { cidade: 'Campo Grande', uf: 'MS', ddd: '67', cep: '79002', weight: 0.9 },
  { cidade: 'Natal', uf: 'RN', ddd: '84', cep: '59010', weight: 0.8 },
  { cidade: 'Teresina', uf: 'PI', ddd: '86', cep: '64000', weight: 0.8 },
  { cidade: 'João Pessoa', uf: 'PB', ddd: '83', cep: '58010', weight: 0.8 },
  { cidade: 'Florianópolis', uf: 'SC', ddd: '48', cep: '88010', weight: 0.5 },
  { cidade: 'Ribeirão Preto', uf: 'SP', ddd: '16', cep: '14010', weight: 0.7 },
  { cidade: 'Uberlândia', uf: 'MG', ddd: '34', cep: '38400', weight: 0.7 },
  { cidade: 'Londrina', uf: 'PR', ddd: '43', cep: '86010', weight: 0.6 },
  { cidade: 'Joinville', uf: 'SC', ddd: '47', cep: '89201', weight: 0.6 },
  { cidade: 'Cuiabá', uf: 'MT', ddd: '65', cep: '78005', weight: 0.6 },
  { cidade: 'Aracaju', uf: 'SE', ddd: '79', cep: '49010', weight: 0.6 },
  { cidade: 'Vitória', uf: 'ES', ddd: '27', cep: '29010', weight: 0.4 },
];
export const CITY_WEIGHTS = CITIES.map((c) => c.weight);

export type Address = { cep: string; endereco: string; numero: string; complemento: string | null; bairro: string; cidade: string; uf: string; ddd: string };

export function address(rng: Rng, cityIndex: number): Address {
  const city = CITIES[cityIndex];
  return {
    cep: `${city.cep}${String(rng.int(0, 999)).padStart(3, '0')}`,
    endereco: rng.pick(STREETS),
    numero: String(rng.int(1, 3200)),
    complemento: rng.chance(0.3) ? (rng.chance(0.7) ? `Apto ${rng.int(1, 24)}${rng.int(0, 4)}` : `Casa ${rng.int(1, 4)}`) : null,
    bairro: rng.pick(BAIRROS),
    cidade: city.cidade,
    uf: city.uf,
    ddd: city.ddd,
  };
}

export const cellPhone = (rng: Rng, ddd: string) => `${ddd}9${rng.int(6, 9)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
export const landline = (rng: Rng, ddd: string) => `${ddd}${rng.int(2, 5)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;

/**
 * A valid CPF unique per id: an affine bijection of the id over 9 digits, plus check digits. `bump`
 * moves to a value no other id below 500 million maps to (for a clash with older rows).
 */
export function cpfOf(id: number, bump = 0): string {
  for (let k = bump; ; k++) {
    const base = ((((id + k * 500_000_007) % 1_000_000_000) * 7_654_321 + 123_456_789) % 1_000_000_000).toString().padStart(9, '0');
    const cpf = completeCpf(base);
    if (isValidCpfCnpj(cpf)) return cpf;
  }
}

/** A valid CNPJ (matriz 0001) unique per id over 8 root digits. */
export function cnpjOf(id: number, salt: number, bump = 0): string {
  for (let k = bump; ; k++) {
    const root = ((((id + k * 50_000_017) % 100_000_000) * 14_348_907 + salt) % 100_000_000).toString().padStart(8, '0');
    const cnpj = completeCnpj(`${root}0001`);
    if (isValidCpfCnpj(cnpj)) return cnpj;
  }
}
