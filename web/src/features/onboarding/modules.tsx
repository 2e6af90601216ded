import type { ReactNode } from 'react';
import type { OnboardingModuleCode } from '@pp/contract';
import { DeclarationsModule } from './modules/DeclarationsModule.tsx';
import { FinancialModule } from './modules/FinancialModule.tsx';
import { CredentialsModule, PartnershipModule } from './modules/ListModules.tsx';
import { BankModule, GeneralModule, StatutoryModule } from './modules/PartModules.tsx';
import { ModuleQuestions, type ModuleProps } from './modules/shared.tsx';

/** The page of each module (docs/onboarding-model.md). */
export const MODULE_PAGES: Record<OnboardingModuleCode, (props: ModuleProps) => ReactNode> = {
  GEN: GeneralModule,
  STA: StatutoryModule,
  BNK: BankModule,
  FIN: FinancialModule,
  CRD: CredentialsModule,
  PTN: PartnershipModule,
  QHS: (props) => <ModuleQuestions moduleCode="QHS" props={props} />,
  DEC: DeclarationsModule,
};
