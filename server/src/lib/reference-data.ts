import type { BankBranch } from '@pp/contract';
import type { Db } from '@pp/db';

/** A bank branch by IFSC, with its bank's and state's names; null when the master has none. */
export async function findBankBranch(db: Pick<Db, 'bankBranch' | 'state'>, ifsc: string): Promise<BankBranch | null> {
  const branch = await db.bankBranch.findUnique({ where: { ifsc }, include: { bank: true } });
  if (!branch) return null;
  const state = await db.state.findUnique({ where: { stateId: branch.stateId } });
  return {
    ifsc: branch.ifsc,
    bankCode: branch.bankCode,
    bankName: branch.bank.bankName,
    branchName: branch.branchName,
    address: branch.address,
    cityName: branch.cityName,
    stateName: state?.stateName ?? '',
    micr: branch.micr,
  };
}
