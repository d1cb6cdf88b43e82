import { describe, expect, it } from 'vitest'
import { paths } from '../lib/paths'
import { findForm, forms } from './forms'

describe('findForm', () => {
  it('finds the form of an href and keeps its query', () => {
    const form = findForm(paths.addEvent({ activityId: 'a1', defaultDate: '2026-01-31' }))
    expect(form?.entry.title).toBe('Add Event')
    expect(form?.search.get('activityId')).toBe('a1')
    expect(form?.search.get('defaultDate')).toBe('2026-01-31')
  })

  it('covers every add/update route of SPEC §2 with its modal title', () => {
    expect(
      Object.fromEntries(Object.entries(forms).map(([path, entry]) => [path, entry.title])),
    ).toEqual({
      '/add-event': 'Add Event',
      '/update-event': 'Update Event',
      '/add-goal': 'Add Goal',
      '/update-goal': 'Update Goal',
      '/add-activity': 'Add Activity',
      '/update-activity': 'Update Activity',
      '/move-activity': 'Move Activity',
      '/add-group': 'Add Group',
      '/update-group': 'Update Group',
      '/add-attribute': 'Add Attribute',
      '/update-attribute': 'Update Attribute',
    })
  })

  it('is null for routes that are not forms', () => {
    expect(findForm(paths.schedule())).toBeNull()
    expect(findForm(paths.activity('a1'))).toBeNull()
  })
})
