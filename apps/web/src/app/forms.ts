import type { ComponentType } from 'react'
import type { FormProps } from '../lib/form-opener'
import { type MessageKey, msg } from '../lib/i18n'

export interface FormEntry {
  /** The header's and the dialog's title, translated where drawn. */
  title: MessageKey
  load: () => Promise<{ default: ComponentType<FormProps> }>
}

/**
 * Every add/update route (SPEC §2) and its form component, loaded on first use. The same
 * component renders as a page (mobile) or inside a modal (wide layouts).
 */
export const forms: Record<string, FormEntry> = {
  '/add-event': {
    title: msg('Add Event'),
    load: () => import('../features/events/forms/add-event-form'),
  },
  '/update-event': {
    title: msg('Update Event'),
    load: () => import('../features/events/forms/update-event-form'),
  },
  '/add-goal': {
    title: msg('Add Goal'),
    load: () => import('../features/goals/forms/add-goal-form'),
  },
  '/update-goal': {
    title: msg('Update Goal'),
    load: () => import('../features/goals/forms/update-goal-form'),
  },
  '/add-activity': {
    title: msg('Add Activity'),
    load: () => import('../features/activities/forms/add-activity-form'),
  },
  '/update-activity': {
    title: msg('Update Activity'),
    load: () => import('../features/activities/forms/update-activity-form'),
  },
  '/move-activity': {
    title: msg('Move Activity'),
    load: () => import('../features/activities/forms/move-activity-form'),
  },
  '/add-group': {
    title: msg('Add Group'),
    load: () => import('../features/groups/forms/add-group-form'),
  },
  '/update-group': {
    title: msg('Update Group'),
    load: () => import('../features/groups/forms/update-group-form'),
  },
  '/add-attribute': {
    title: msg('Add Attribute'),
    load: () => import('../features/attributes/forms/add-attribute-form'),
  },
  '/update-attribute': {
    title: msg('Update Attribute'),
    load: () => import('../features/attributes/forms/update-attribute-form'),
  },
}

/** Whether `pathname` is an add/update route, whose page covers the screen it came from. */
export function isFormPath(pathname: string): boolean {
  return Object.hasOwn(forms, pathname)
}

/** The form an href opens (`/add-event?activityId=1`), with its query; null for other routes. */
export function findForm(href: string): { entry: FormEntry; search: URLSearchParams } | null {
  const url = new URL(href, 'http://kindling.invalid')
  const entry = forms[url.pathname]
  return entry ? { entry, search: url.searchParams } : null
}
