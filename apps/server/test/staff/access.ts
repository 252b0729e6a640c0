import { type AccessRows, at, CALLERS } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. The rota: shifts, templates, leave, swaps, clock-
 * in, timesheets and pay. Assembled with every other domain's rows by test/platform/access-
 * matrix.test.ts.
 */
export const staffAccess: AccessRows = (w) => ({
  // rota
  'GET /api/admin/rota': { call: at('/api/admin/rota?week=2024-08-26') },
  'POST /api/admin/shifts': {
    call: (caller) => {
      const day = 10 + CALLERS.indexOf(caller);
      return {
        path: '/api/admin/shifts',
        body: {
          userId: w.staffUserId,
          startsAt: `2024-09-${day}T17:00:00Z`,
          endsAt: `2024-09-${day}T22:00:00Z`,
          position: 'Bar',
          breakMinutes: 0,
        },
      };
    },
  },
  'POST /api/admin/shift-checks': {
    call: at('/api/admin/shift-checks', {
      userId: w.staffUserId,
      startsAt: '2024-09-20T17:00:00Z',
      endsAt: '2024-09-20T22:00:00Z',
      position: 'Bar',
      breakMinutes: 0,
    }),
  },
  'PATCH /api/admin/shifts/:id': {
    call: at(`/api/admin/shifts/${w.shiftToEdit}`, { notes: 'Matrix note' }),
  },
  'DELETE /api/admin/shifts/:id': { call: at(`/api/admin/shifts/${w.shiftToDelete}`) },
  'POST /api/admin/shifts/:id/move': {
    call: at(`/api/admin/shifts/${w.shiftToEdit}/move`, { userId: w.staffUserId, day: '2024-09-03' }),
  },
  'POST /api/admin/shifts/:id/copy': {
    // To the open row: copies of an open shift never overlap, so every admin call lands.
    call: at(`/api/admin/shifts/${w.shiftToEdit}/copy`, { userId: null, day: '2024-09-06' }),
  },
  'POST /api/admin/rota/publish': { call: at('/api/admin/rota/publish', { week: '2024-09-02' }) },
  'POST /api/admin/rota/copy': {
    call: at('/api/admin/rota/copy', { from: '2024-09-02', to: '2024-09-23' }),
  },
  'PUT /api/admin/staff/:userId/pay-rate': {
    call: at(`/api/admin/staff/${w.staffUserId}/pay-rate`, { hourlyRatePence: 1150 }),
  },
  'PUT /api/admin/staff/:userId/payroll-number': {
    call: at(`/api/admin/staff/${w.staffUserId}/payroll-number`, { payrollNumber: 'M-7' }),
  },
  'GET /api/shifts/mine': { call: at('/api/shifts/mine') },
  'POST /api/shifts/:id/claim': { call: at(`/api/shifts/${w.openShift}/claim`) },
  'GET /api/clock/code': { call: at('/api/clock/code') },
  'GET /api/clock/status': { call: at('/api/clock/status') },
  'POST /api/clock/in': { call: at('/api/clock/in', { token: w.clockToken }) },
  'POST /api/clock/out': { call: at('/api/clock/out') },
  'POST /api/clock/break/start': {
    call: at('/api/clock/break/start'),
    refused: 'no one is clocked in by then (the clock-out row runs first): staff-clock.test.ts takes breaks',
  },
  'POST /api/clock/break/end': {
    call: at('/api/clock/break/end'),
    refused: 'no one is on a break: staff-clock.test.ts takes breaks',
  },
  'GET /api/admin/clock/tills': { call: at('/api/admin/clock/tills') },
  'POST /api/admin/clock/tills': { call: at('/api/admin/clock/tills', { name: 'Matrix till' }) },
  'DELETE /api/admin/clock/tills/:id': { call: at(`/api/admin/clock/tills/${w.tillToRemove}`) },
  'PUT /api/admin/staff/:userId/clock-setting': {
    call: at(`/api/admin/staff/${w.staffUserId}/clock-setting`, { clockWithoutCode: false }),
  },
  // Timesheets.
  'GET /api/admin/timesheets': { call: at('/api/admin/timesheets?from=2024-08-12&to=2024-09-08') },
  'POST /api/admin/timesheets/approvals': {
    call: at('/api/admin/timesheets/approvals', {
      week: '2024-09-09',
      userId: w.staffUserId,
      confirmNotEnded: true,
    }),
  },
  'DELETE /api/admin/timesheets/approvals/:week/:userId': {
    call: at(`/api/admin/timesheets/approvals/2024-09-16/${w.staffUserId}`),
  },
  'PATCH /api/admin/clock-entries/:id': {
    call: at(`/api/admin/clock-entries/${w.clockEntry}`, { breakMinutes: 15, reason: 'Matrix correction' }),
  },
  'POST /api/admin/clock-entries': {
    call: (caller) => {
      const day = 10 + CALLERS.indexOf(caller);
      return {
        path: '/api/admin/clock-entries',
        body: {
          userId: w.staffUserId,
          clockInAt: `2024-08-${day}T17:00:00Z`,
          clockOutAt: `2024-08-${day}T20:00:00Z`,
          breakMinutes: 0,
          reason: 'Matrix: forgot to clock in',
        },
      };
    },
  },
  'GET /api/timesheets/mine': { call: at('/api/timesheets/mine?from=2024-09-02&to=2024-09-08') },
  // rota extras: templates, leave, swaps, holiday, calendars, rates per position
  'GET /api/admin/shift-templates': { call: at('/api/admin/shift-templates') },
  'POST /api/admin/shift-templates': {
    call: at('/api/admin/shift-templates', {
      name: 'Matrix late',
      position: 'Bar',
      startTime: '18:00',
      endTime: '23:00',
      breakMinutes: 0,
    }),
  },
  'DELETE /api/admin/shift-templates/:id': {
    call: at(`/api/admin/shift-templates/${w.rotaExtras.templateToDelete}`),
  },
  'GET /api/absences': { call: at('/api/absences') },
  'POST /api/absences': {
    call: at('/api/absences', {
      kind: 'leave',
      startsAt: '2024-10-01T00:00:00Z',
      endsAt: '2024-10-02T00:00:00Z',
      hours: 8,
    }),
  },
  'DELETE /api/absences/:id': { call: at(`/api/absences/${w.rotaExtras.absenceToWithdraw}`) },
  'GET /api/admin/absences': { call: at('/api/admin/absences') },
  'POST /api/admin/absences/:id/decision': {
    call: at(`/api/admin/absences/${w.rotaExtras.leaveToDecide}/decision`, {
      approve: true,
      confirmNegativeBalance: true,
    }),
  },
  'POST /api/shifts/:id/swaps': {
    call: at(`/api/shifts/${w.rotaExtras.staffShift}/swaps`, { toUserId: w.rotaExtras.adminUserId }),
  },
  'GET /api/shift-swaps/mine': { call: at('/api/shift-swaps/mine') },
  'POST /api/shift-swaps/:id/answer': {
    call: at(`/api/shift-swaps/${w.rotaExtras.swapToAnswer}/answer`, { accept: true }),
  },
  'POST /api/shift-swaps/:id/withdraw': {
    call: at(`/api/shift-swaps/${w.rotaExtras.swapToWithdraw}/withdraw`),
  },
  'GET /api/staff/colleagues': { call: at('/api/staff/colleagues') },
  'GET /api/admin/shift-swaps': { call: at('/api/admin/shift-swaps') },
  'POST /api/admin/shift-swaps/:id/decision': {
    call: at(`/api/admin/shift-swaps/${w.rotaExtras.swapToDecide}/decision`, { approve: true }),
  },
  'GET /api/holiday/mine': { call: at('/api/holiday/mine') },
  'GET /api/admin/holiday': { call: at('/api/admin/holiday') },
  'GET /api/shifts/:id.ics': { call: at(`/api/shifts/${w.rotaExtras.staffShift}.ics`) },
  'GET /api/shifts/feed-link': { call: at('/api/shifts/feed-link') },
  'GET /api/rota/feed/:token.ics': { call: at(w.rotaExtras.feedPath) },
  'GET /api/admin/position-pay-rates': { call: at('/api/admin/position-pay-rates') },
  'PUT /api/admin/position-pay-rates': {
    call: at('/api/admin/position-pay-rates', { position: 'Bar', hourlyRatePence: 1200 }),
  },
});
