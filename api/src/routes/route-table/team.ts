/** The route table's rows for the team: members, the company's name and settings, invitations. */
import { z } from 'zod';
import { MessageResponse, TokenParam, UuidParam } from '@catalog/contracts/common';
import { CompanySettings, UpdateCompanySettingsBody } from '@catalog/contracts/company-settings';
import { lazySchema } from '@catalog/contracts/lazy-schema';
import {
  AcceptInvitationResponse, CompanyNameBody, CompanyNameResponse, CreateInvitationResponse, INVITATION_ERRORS, InvitationByTokenResponse,
  InvitationListQuery, InvitationListResponse, InviteBody, TeamMemberListQuery, TeamMemberListResponse,
} from '@catalog/contracts/team';
import { MEMBER_NOT_FOUND } from '../../services/team/remove-member';
import type { RouteRows } from './route-spec';

/** `/:key/accept`: an invitation's id (from the invitee's list) or its link's token, as TokenParam reads either. */
export const InvitationKeyParam = lazySchema(() => z.object({ key: TokenParam.shape.token }));

const INVITATION = { notFound: INVITATION_ERRORS.notFound } as const;

export const TEAM_ROUTES = {
  'GET /api/company/users': {
    summary: 'The company\u2019s members, oldest first, in pages', access: 'team.read', query: TeamMemberListQuery,
    responses: { 200: TeamMemberListResponse },
  },
  'PUT /api/company/name': { summary: 'Renames the company', access: 'team.rename', body: CompanyNameBody, responses: { 200: CompanyNameResponse } },
  'DELETE /api/company/users/:id': {
    summary: 'Removes a member: they move to a company of their own (never an owner, never oneself)', access: 'team.removeMember',
    params: UuidParam, notFound: MEMBER_NOT_FOUND, responses: { 200: MessageResponse },
  },
  'GET /api/company/settings': {
    summary: 'The company\u2019s settings: approvals of members\u2019 orders, guardrails', access: 'companySettings.read', responses: { 200: CompanySettings },
  },
  'PATCH /api/company/settings': {
    summary: 'Changes the company\u2019s settings (approvals need a plan with them)', access: 'companySettings.update', body: UpdateCompanySettingsBody,
    responses: { 200: CompanySettings },
  },

  'GET /api/my-invitations': {
    summary: 'The invitations addressed to the caller\u2019s email that they can accept now, in pages', access: 'self', verifiedEmail: true,
    query: InvitationListQuery, responses: { 200: InvitationListResponse },
  },
  'GET /api/invitations/:token': {
    summary: 'An invitation\u2019s link: its company, role, addresses and expiry (410 once used, cancelled or expired)', access: 'public',
    params: TokenParam, ...INVITATION, responses: { 200: InvitationByTokenResponse },
  },
  'GET /api/invitations': {
    summary: 'The company\u2019s invitations, newest first, in pages', access: 'team.read', query: InvitationListQuery,
    responses: { 200: InvitationListResponse },
  },
  'POST /api/invitations': {
    summary: 'Invites someone by email: answers the acceptance link and whether it was emailed', access: 'team.invite', body: InviteBody,
    responses: { 201: CreateInvitationResponse },
  },
  'DELETE /api/invitations/:id': {
    summary: 'Cancels an invitation (its link then answers 410)', access: 'team.cancelInvitation', params: UuidParam, ...INVITATION,
    responses: { 200: MessageResponse },
  },
  'POST /api/invitations/:key/accept': {
    summary: 'Joins the invitation\u2019s company with its role, by the invitation\u2019s id or its link\u2019s token', access: 'self', verifiedEmail: true,
    params: InvitationKeyParam, ...INVITATION, responses: { 200: AcceptInvitationResponse },
  },
} as const satisfies RouteRows;
