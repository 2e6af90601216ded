import { api, financialYears, gstinCheckCharacter } from '@pp/contract';
import { callOk, uploadPdf, type Injector } from './api-client.ts';

/** A GSTIN of Maharashtra for a PAN, with its right check character. */
export const gstinFor = (pan: string, state = '27') => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;

/**
 * Fills every mandatory item of a domestic partner's profile for company 1 / SUP through the API,
 * as the forms would: a private limited, small enterprise of 50 employees, GST registered.
 * `skip` leaves out parts, for tests of what Submit then names.
 */
export async function completeDomesticProfile(
  app: Injector,
  headers: Record<string, string>,
  { pan = 'AABCD1234E', now = new Date(), skip = [] as string[], isoExpiry = '2028-03-31' } = {},
) {
  const file = (name: string) => uploadPdf(app, headers, name);
  const [latest, previous] = financialYears(now);
  if (!skip.includes('general')) {
    await callOk(app, 'general', api.onboarding.saveGeneral, {
      headers,
      body: {
        general: {
          ownershipType: 'PVT',
          businessTypes: ['SUP-MFR'],
          enterpriseSector: 'SMALL',
          employees: 50,
          website: 'https://example.com',
        },
        contacts: [
          {
            departmentCode: 'ACCTS',
            name: 'Asha Rao',
            designation: 'Accounts Manager',
            mobile: '9876500001',
            email: 'accounts@example.com',
          },
          {
            departmentCode: 'SALES',
            name: 'Vinod Iyer',
            designation: 'Sales Head',
            mobile: '9876500002',
            email: 'sales@example.com',
          },
        ],
      },
    });
  }
  await callOk(app, 'address', api.onboarding.saveAddress, {
    headers,
    body: { line1: '12 Industrial Estate, Andheri East', countryCode: 100, stateId: 27, cityId: 56, postalCode: '400093' },
  });
  if (!skip.includes('statutory')) {
    await callOk(app, 'statutory', api.onboarding.saveOrgDetails, {
      headers,
      body: {
        pan,
        panFileId: await file('pan.pdf'),
        cin: 'U27100MH2010PTC123456',
        incorporationFileId: await file('incorporation.pdf'),
        udyamNumber: 'UDYAM-MH-18-0012345',
        udyamFileId: await file('udyam.pdf'),
        pfNumber: 'MHBAN00123450000000123',
        esiNumber: '31000123450001001',
      },
    });
    await callOk(app, 'gstins', api.onboarding.saveGstins, {
      headers,
      body: { gstins: [{ gstin: gstinFor(pan), registrationType: 'REGULAR', certificateFileId: await file('gst.pdf') }] },
    });
  }
  if (!skip.includes('bank')) {
    await callOk(app, 'bank', api.onboarding.saveBankDetails, {
      headers,
      body: {
        bankAccounts: [
          {
            accountHolderName: 'Test Org Pvt Ltd',
            accountNumber: '000123456789',
            confirmAccountNumber: '000123456789',
            accountCategory: 'CA',
            accountType: 'P',
            ifsc: 'SBIN0000018',
            paymentMode: 'NEFT',
            chequeFileId: await file('cheque.pdf'),
          },
        ],
      },
    });
  }
  if (!skip.includes('financial')) {
    await callOk(app, 'performance', api.onboarding.saveFinancialPerformance, {
      headers,
      body: {
        years: [
          { financialYear: latest, turnover: '1250.50', profitBeforeTax: '120.00', profitAfterTax: '90.00' },
          { financialYear: previous, turnover: '1100.00', profitBeforeTax: '-15.25', profitAfterTax: '-15.25' },
        ],
      },
    });
    await callOk(app, 'strength', api.onboarding.saveFinancialStrength, {
      headers,
      body: { years: [{ financialYear: latest, netWorth: '640.00', paidUpCapital: '100.00', currentRatio: '1.4:1' }] },
    });
    await callOk(app, 'statements', api.onboarding.saveFinance, {
      headers,
      body: {
        years: [
          { financialYear: latest, fileId: await file('audited-latest.pdf') },
          { financialYear: previous, fileId: await file('audited-previous.pdf') },
        ],
      },
    });
  }
  await callOk(app, 'credentials', api.onboarding.saveCredential, {
    headers,
    body: { customers: [{ customerName: 'Metro Rail Corporation', sector: 'PSU', shareOfTurnover: 35 }] },
  });
  if (!skip.includes('questions')) {
    await callOk(app, 'answers', api.onboarding.saveAnswers, {
      headers,
      body: {
        companyCode: 1,
        categoryCode: 'SUP',
        answers: [
          { questionId: 201, value: 'Y' },
          { questionId: 202, value: 'Y' },
          { questionId: 203, value: 'N' },
          { questionId: 301, value: 'Y' },
          { questionId: 401, value: 'N' },
          { questionId: 402, value: 'N' },
          { questionId: 706, value: 'Y' },
          { questionId: 707, value: '0' },
        ],
      },
    });
  }
  if (!skip.includes('static')) {
    await callOk(app, 'iso', api.onboarding.saveAnswers, {
      headers,
      body: {
        companyCode: 1,
        categoryCode: 'SUP',
        answers: [{ questionId: 701, fileIds: [await file('iso9001.pdf')], expiryDate: isoExpiry }],
      },
    });
  }
  if (!skip.includes('declarations')) {
    await callOk(app, 'acceptance', api.onboarding.accept, {
      headers,
      query: { companyCode: 1, categoryCode: 'SUP' },
      body: { accepted: true, signatoryName: 'Asha Rao', signatoryDesignation: 'Director', place: 'Mumbai' },
    });
    await callOk(app, 'tds', api.onboarding.tdsDeclaration, {
      headers,
      body: { companyCode: 1, categoryCode: 'SUP', financialYear: latest, accepted: true, signatoryName: 'Asha Rao' },
    });
  }
}
