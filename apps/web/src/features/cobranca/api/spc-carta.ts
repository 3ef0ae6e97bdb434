import { spcCartaContracts as sc } from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

/** The SPC notice letter and its posting (decision 116). */
export const spcCartaApi = {
  cartaUrl: (spcId: number) => fileUrl(sc.carta, { params: { id: spcId } }),
  registrarPostagem: (spcId: number, body: { data_postagem: string; codigo_rastreio: string }) => call(sc.postagem, { params: { id: spcId }, body }),
};
