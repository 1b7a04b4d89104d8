# A group's id by its title, for a campaign's groups or a webhook's relation_id.
data "sender_group" "beta" {
  name = "Beta testers"
}
