# A subscriber field by its title: field_name is the personalization tag a content writes.
data "sender_field" "first_name" {
  name = "First name"
}
