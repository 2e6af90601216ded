import { describe, expect, it } from 'vitest';
import { ADMIN_ACTION_NAMES, ADMIN_ACTION_PERMISSIONS, MESSAGES, ROLE_PERMISSIONS, api, type UserRole } from '@pp/contract';
import { callApi, createPartnerUser, freshIp, latestMessage, setupFeatureTest, signIn, workflowFixtures } from '@pp/testing';

const { db, app } = await setupFeatureTest();
const { staff, submittedPartner } = workflowFixtures(app, db);

const audits = (partnerNumber: string) => db.adminAudit.findMany({ where: { partnerNumber }, orderBy: { id: 'asc' } });

describe('every admin action (POST /api/adminAction/…)', () => {
  it('refuses a role without its permission, a partner token and no token, before reading the body', async () => {
    const { username } = await createPartnerUser(db);
    const partner = { ...(await signIn(app, username)).auth, ...freshIp() };
    for (const action of ADMIN_ACTION_NAMES) {
      const permission = ADMIN_ACTION_PERMISSIONS[action];
      const without = (Object.keys(ROLE_PERMISSIONS) as UserRole[]).find(
        (r) => r !== 'PARTNER' && !ROLE_PERMISSIONS[r].includes(permission),
      )!;
      const refused = await callApi(app, api.admin[action], { body: {}, headers: await staff(without as 'BUYER') });
      expect(refused.statusCode, `${action} as ${without}`).toBe(403);
      expect(refused.error().errorCode).toBe(403);
      const asPartner = await callApi(app, api.admin[action], { body: {}, headers: partner });
      expect(asPartner.statusCode, action).toBe(403);
      expect(asPartner.error().failureMessage).toBe(MESSAGES.accessDenied);
      expect((await callApi(app, api.admin[action], { body: {}, headers: {} })).statusCode, action).toBe(401);
      // The admin holds every permission: an empty body is a 400 naming a field.
      const bad = await callApi(app, api.admin[action], { body: {}, headers: await staff('ADMIN') });
      expect(bad.statusCode, action).toBe(400);
      expect(bad.error().fieldErrors?.length, action).toBeGreaterThan(0);
    }
  });
});

describe('actions on a partner', () => {
  it('changes the company name, the workbench title follows, and the audit keeps before and after', async () => {
    const { partner, requestNumber } = await submittedPartner();
    const res = await callApi(app, api.admin.changeCompanyName, {
      headers: await staff('ADMIN'),
      body: {
        partnerNumber: partner.partnerNumber,
        organizationName: 'Renamed Steel Pvt Ltd',
        remarks: 'Name change certificate',
      },
    });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect(res.json().response.message).toBe(MESSAGES.adminActionDone);
    expect((await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).organizationName).toBe('Renamed Steel Pvt Ltd');
    expect((await db.workflowRequest.findUniqueOrThrow({ where: { requestNumber } })).title).toBe(
      `Renamed Steel Pvt Ltd ${partner.partnerNumber}`,
    );
    const [audit] = await audits(partner.partnerNumber);
    expect(audit).toMatchObject({
      action: 'changeCompanyName',
      before: { organizationName: partner.organizationName },
      after: { organizationName: 'Renamed Steel Pvt Ltd' },
      remarks: 'Name change certificate',
    });
    const same = await callApi(app, api.admin.changeCompanyName, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber, organizationName: 'Renamed Steel Pvt Ltd' },
    });
    expect(same.error().fieldErrors).toEqual([{ field: 'organizationName', message: MESSAGES.sameValue }]);
    const unknown = await callApi(app, api.admin.changeCompanyName, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: 'NOPE1', organizationName: 'Anything Ltd' },
    });
    expect(unknown.error().fieldErrors).toEqual([{ field: 'partnerNumber', message: MESSAGES.partnerNumberUnknown('NOPE1') }]);
  });

  it('does not change the country while a request is under review, and names an unknown country', async () => {
    const { partner, requestNumber } = await submittedPartner();
    const country = await db.country.findFirstOrThrow({ where: { countryCode: { not: 100 } } });
    const body = { partnerNumber: partner.partnerNumber, countryCode: country.countryCode };
    const busy = await callApi(app, api.admin.changeCountry, { headers: await staff('ADMIN'), body });
    expect(busy.statusCode).toBe(409);
    expect(busy.error().failureMessage).toBe(MESSAGES.requestUnderReview(requestNumber));
    const { partner: idle } = await createPartnerUser(db);
    const unknown = await callApi(app, api.admin.changeCountry, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: idle.partnerNumber, countryCode: 99999 },
    });
    expect(unknown.error().fieldErrors?.[0]?.field).toBe('countryCode');
    const moved = await callApi(app, api.admin.changeCountry, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: idle.partnerNumber, countryCode: country.countryCode },
    });
    expect(moved.statusCode).toBe(200);
    expect((await db.partner.findUniqueOrThrow({ where: { id: idle.id } })).countryCode).toBe(country.countryCode);
  });

  it('disables an account (its sessions end, sign-in refused) and enables it again', async () => {
    const { partner, username } = await createPartnerUser(db);
    const session = { ...(await signIn(app, username)).auth, ...freshIp() };
    const off = await callApi(app, api.admin.changeStatus, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber, status: 'DISABLED' },
    });
    expect(off.statusCode).toBe(200);
    expect((await callApi(app, api.partner.info, { headers: session })).statusCode).not.toBe(200);
    await expect(signIn(app, username)).rejects.toThrow(/403/);
    await callApi(app, api.admin.changeStatus, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber, status: 'ACTIVE' },
    });
    await expect(signIn(app, username)).resolves.toBeTruthy();
    expect((await audits(partner.partnerNumber)).map((r) => r.after)).toEqual([{ status: 'DISABLED' }, { status: 'ACTIVE' }]);
  });

  it('corrects the contact details on the partner and on its sign-in account', async () => {
    const { partner, user } = await createPartnerUser(db);
    const res = await callApi(app, api.admin.contact, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber, email: 'New.Contact@Example.com', mobileNumber: '9876512345' },
    });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect(await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).toMatchObject({
      email: 'new.contact@example.com',
      mobileNumber: '9876512345',
    });
    expect((await db.userAccount.findUniqueOrThrow({ where: { id: user.id } })).email).toBe('new.contact@example.com');
    const none = await callApi(app, api.admin.contact, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber },
    });
    expect(none.statusCode).toBe(400);
    const badMail = await callApi(app, api.admin.contact, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber, email: 'not-an-address' },
    });
    expect(badMail.error().fieldErrors?.[0]?.field).toBe('email');
  });

  it('resends the activation link only to an account that waits for one', async () => {
    const { partner, username } = await createPartnerUser(db, { status: 'PENDING_EMAIL' });
    const res = await callApi(app, api.admin.resendActivationMail, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber },
    });
    expect(res.statusCode).toBe(200);
    expect((await latestMessage(db, `${username}@example.com`))?.textBody).toContain('/email-verification?code=');
    const { partner: active } = await createPartnerUser(db);
    const refused = await callApi(app, api.admin.resendActivationMail, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: active.partnerNumber },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.error().failureMessage).toBe(MESSAGES.activationNotPending);
  });

  it('resets the password to a generated one, mailed to the partner, which signs in with it', async () => {
    const { partner, username } = await createPartnerUser(db);
    const res = await callApi(app, api.admin.resetDefaultPassword, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber },
    });
    expect(res.json().response.message).toBe(MESSAGES.defaultPasswordSent(`${username}@example.com`));
    await expect(signIn(app, username)).rejects.toThrow();
    const mail = (await latestMessage(db, `${username}@example.com`))!.textBody;
    const password = /new password is:\s+(\S+)/.exec(mail)![1]!;
    await expect(signIn(app, username, password)).resolves.toBeTruthy();
    // The audit says where it went, never the password.
    expect(JSON.stringify(await audits(partner.partnerNumber))).not.toContain(password);
  });

  it('tags a fleet card and sets a grace period, refusing more than 180 days', async () => {
    const { partner } = await createPartnerUser(db);
    const headers = await staff('ADMIN');
    expect(
      (await callApi(app, api.admin.fleetCardTag, { headers, body: { partnerNumber: partner.partnerNumber, tagged: true } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await callApi(app, api.admin.updateGracePeriod, {
          headers,
          body: { partnerNumber: partner.partnerNumber, graceDays: 30 },
        })
      ).statusCode,
    ).toBe(200);
    expect(await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).toMatchObject({
      fleetCardTag: true,
      graceDays: 30,
    });
    const tooLong = await callApi(app, api.admin.updateGracePeriod, {
      headers,
      body: { partnerNumber: partner.partnerNumber, graceDays: 181 },
    });
    expect(tooLong.error().fieldErrors?.[0]?.field).toBe('graceDays');
  });

  it('deletes a duplicate registration only when it shares an identity with the kept one and never submitted', async () => {
    const { partner: kept } = await createPartnerUser(db);
    const { partner: twin } = await createPartnerUser(db);
    const headers = await staff('ADMIN');
    const unrelated = await callApi(app, api.admin.deleteDuplicatePartner, {
      headers,
      body: { partnerNumber: twin.partnerNumber, duplicateOfPartnerNumber: kept.partnerNumber },
    });
    expect(unrelated.error().fieldErrors?.[0]?.field).toBe('duplicateOfPartnerNumber');
    await db.partner.update({ where: { id: twin.id }, data: { mobileNumber: '9000000001' } });
    await db.partner.update({ where: { id: kept.id }, data: { mobileNumber: '9000000001' } });
    const res = await callApi(app, api.admin.deleteDuplicatePartner, {
      headers,
      body: { partnerNumber: twin.partnerNumber, duplicateOfPartnerNumber: kept.partnerNumber },
    });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect(await db.partner.findUnique({ where: { id: twin.id } })).toBeNull();
    expect((await audits(twin.partnerNumber))[0]).toMatchObject({
      action: 'deleteDuplicatePartner',
      after: { duplicateOf: kept.partnerNumber },
    });

    const { partner: submitted } = await submittedPartner();
    const busy = await callApi(app, api.admin.deleteDuplicatePartner, {
      headers,
      body: { partnerNumber: submitted.partnerNumber, duplicateOfPartnerNumber: kept.partnerNumber },
    });
    expect(busy.statusCode).toBe(409);
  });

  it('merges a second account into the main one: its other companies and notifications move, it is disabled', async () => {
    const { partner: main } = await createPartnerUser(db);
    const { partner: second, username } = await createPartnerUser(db);
    await db.partner.update({ where: { id: second.id }, data: { email: main.email } });
    await db.companyMapping.deleteMany({ where: { partnerId: main.id, companyCode: 8 } });
    await db.notification.create({ data: { partnerId: second.id, description: 'Welcome' } });
    const res = await callApi(app, api.admin.mergeAccounts, {
      headers: await staff('ADMIN'),
      body: { fromPartnerNumber: second.partnerNumber, intoPartnerNumber: main.partnerNumber },
    });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect((await db.companyMapping.findMany({ where: { partnerId: main.id, companyCode: 8 } })).length).toBe(1);
    expect(await db.notification.count({ where: { partnerId: main.id, description: 'Welcome' } })).toBe(1);
    expect((await db.userAccount.findUniqueOrThrow({ where: { username } })).status).toBe('DISABLED');
    const itself = await callApi(app, api.admin.mergeAccounts, {
      headers: await staff('ADMIN'),
      body: { fromPartnerNumber: main.partnerNumber, intoPartnerNumber: main.partnerNumber },
    });
    expect(itself.error().fieldErrors?.[0]).toEqual({ field: 'intoPartnerNumber', message: MESSAGES.mergeIntoItself });
    // Merged once, the second account is disabled: it cannot go anywhere again.
    const again = await callApi(app, api.admin.mergeAccounts, {
      headers: await staff('ADMIN'),
      body: { fromPartnerNumber: second.partnerNumber, intoPartnerNumber: main.partnerNumber },
    });
    expect(again.statusCode).toBe(409);
    expect(again.error().failureMessage).toBe(MESSAGES.mergeFromDisabled(second.partnerNumber));
  });
});

describe('GET /api/adminAction/audit', () => {
  it("lists a partner's admin actions newest first, with who took them", async () => {
    const { partner } = await createPartnerUser(db);
    const headers = await staff('ADMIN');
    for (const graceDays of [10, 20]) {
      await callApi(app, api.admin.updateGracePeriod, { headers, body: { partnerNumber: partner.partnerNumber, graceDays } });
    }
    const res = await callApi(app, api.admin.audit, { headers, query: { partnerNumber: partner.partnerNumber } });
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json().response;
    expect(total).toBe(2);
    expect(items.map((i) => i.after)).toEqual([{ graceDays: 20 }, { graceDays: 10 }]);
    expect(items[0]!.actorName).toMatch(/^staff_/);
    expect((await callApi(app, api.admin.audit, { headers: await staff('BUYER') })).statusCode).toBe(403);
  });
});
