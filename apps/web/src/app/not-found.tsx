import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../lib/paths'

export function NotFound() {
  return (
    <Stack align="center" gap="md" pt="xl">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">There is nothing at this address.</Text>
      <Button component={Link} to={paths.home()}>
        Go home
      </Button>
    </Stack>
  )
}

export { NotFound as Component }
