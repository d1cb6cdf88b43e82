import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useT } from '../lib/i18n'
import { paths } from '../lib/paths'

export function NotFound() {
  const t = useT()
  return (
    <Stack align="center" gap="md" pt="xl">
      <Title order={2}>{t('Page not found')}</Title>
      <Text c="dimmed">{t('There is nothing at this address.')}</Text>
      <Button component={Link} to={paths.home()}>
        {t('Go home')}
      </Button>
    </Stack>
  )
}

export { NotFound as Component }
