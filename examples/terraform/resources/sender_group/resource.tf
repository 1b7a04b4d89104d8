resource "sender_group" "early_birds" {
  title = "Early birds"
}
